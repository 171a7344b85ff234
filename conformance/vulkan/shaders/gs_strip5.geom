#version 450
// vk_xfb_test: one triangle strip of 5 vertices per input point, captured
// as (vertex number, input PrimitiveId): the unrolled order, in both
// provoking-vertex modes.
layout(points) in;
layout(triangle_strip, max_vertices = 5) out;
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 8) flat out uvec2 id;

void main()
{
   for (int i = 0; i < 5; i++) {
      id = uvec2(i, gl_PrimitiveIDIn);
      gl_Position = vec4(float(i & 1), float(i >> 1), 0.5, 1.0);
      EmitVertex();
   }
}
