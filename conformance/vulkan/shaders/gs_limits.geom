#version 450
// vk_xfb_test: the advertised limits at once: 32 invocations, each emitting
// 256 points whose only output is the captured position (4 components x
// 256 = maxGeometryTotalOutputComponents 1024): (invocation, i, input id, 1).
layout(points, invocations = 32) in;
layout(points, max_vertices = 256) out;
layout(xfb_buffer = 0, xfb_stride = 16) out gl_PerVertex {
   layout(xfb_offset = 0) vec4 gl_Position;
};

void main()
{
   for (int i = 0; i < 256; i++) {
      gl_Position = vec4(float(gl_InvocationID), float(i), float(gl_PrimitiveIDIn), 1.0);
      EmitVertex();
   }
}
