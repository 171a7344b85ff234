#version 450
// vk_xfb_test (kiln only: transformFeedbackStreamsLinesTriangles): triangle
// strips on four streams, captured per stream to buffer s: (stream,
// vertex number on the stream, input PrimitiveId, 0). Stream 0: 4 vertices
// (2 triangles); 1: 3, EndStreamPrimitive, 4 (1 + 2); 2: 2 (none);
// 3: 6 (4). Positions cover the viewport so each rasterized triangle
// reaches the clipper.
layout(points) in;
layout(triangle_strip, max_vertices = 24) out;
layout(stream = 0, location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 s0;
layout(stream = 1, location = 1, xfb_buffer = 1, xfb_offset = 0, xfb_stride = 16) out vec4 s1;
layout(stream = 2, location = 2, xfb_buffer = 2, xfb_offset = 0, xfb_stride = 16) out vec4 s2;
layout(stream = 3, location = 3, xfb_buffer = 3, xfb_offset = 0, xfb_stride = 16) out vec4 s3;

vec4 corner(int i)
{
   return vec4((i & 1) != 0 ? 1.0 : -1.0, (i & 2) != 0 ? 1.0 : -1.0, 0.5, 1.0);
}

void main()
{
   const float id = float(gl_PrimitiveIDIn);
   for (int i = 0; i < 4; i++) {
      s0 = vec4(0.0, float(i), id, 0.0);
      gl_Position = corner(i);
      EmitStreamVertex(0);
   }
   for (int i = 0; i < 7; i++) {
      s1 = vec4(1.0, float(i), id, 0.0);
      gl_Position = corner(i);
      EmitStreamVertex(1);
      if (i == 2)
         EndStreamPrimitive(1);
   }
   for (int i = 0; i < 2; i++) {
      s2 = vec4(2.0, float(i), id, 0.0);
      gl_Position = corner(i);
      EmitStreamVertex(2);
   }
   for (int i = 0; i < 6; i++) {
      s3 = vec4(3.0, float(i), id, 0.0);
      gl_Position = corner(i);
      EmitStreamVertex(3);
   }
}
