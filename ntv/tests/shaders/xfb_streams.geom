#version 450
// Two vertex streams, each with its own capture buffer.
layout(points) in;
layout(points, max_vertices = 4) out;
layout(location = 0) in vec4 in_color[];

layout(stream = 0, location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16)
   out vec4 s0_color;
layout(stream = 1, location = 1, xfb_buffer = 1, xfb_offset = 4, xfb_stride = 12)
   out vec2 s1_value;

void main()
{
   for (int i = 0; i < 2; i++) {
      s0_color = in_color[0] * float(i);
      EmitStreamVertex(0);
      s1_value = in_color[0].xy + vec2(i);
      EmitStreamVertex(1);
   }
   EndStreamPrimitive(0);
   EndStreamPrimitive(1);
}
