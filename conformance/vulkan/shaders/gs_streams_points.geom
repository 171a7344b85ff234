#version 450
// vk_xfb_test: stream s gets s + 1 points per input point, each captured
// to buffer s: (stream, index, input PrimitiveId, input x).
layout(points) in;
layout(points, max_vertices = 10) out;
layout(stream = 0, location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 s0;
layout(stream = 1, location = 1, xfb_buffer = 1, xfb_offset = 0, xfb_stride = 16) out vec4 s1;
layout(stream = 2, location = 2, xfb_buffer = 2, xfb_offset = 0, xfb_stride = 16) out vec4 s2;
layout(stream = 3, location = 3, xfb_buffer = 3, xfb_offset = 0, xfb_stride = 16) out vec4 s3;

void main()
{
   const float id = float(gl_PrimitiveIDIn), x = gl_in[0].gl_Position.x;
   s0 = vec4(0.0, 0.0, id, x);
   gl_Position = gl_in[0].gl_Position;
   EmitStreamVertex(0);
   for (int i = 0; i < 2; i++) {
      s1 = vec4(1.0, float(i), id, x);
      EmitStreamVertex(1);
   }
   for (int i = 0; i < 3; i++) {
      s2 = vec4(2.0, float(i), id, x);
      EmitStreamVertex(2);
   }
   for (int i = 0; i < 4; i++) {
      s3 = vec4(3.0, float(i), id, x);
      EmitStreamVertex(3);
   }
}
