#version 450
// Geometry shader with multiple vertex streams.
layout(points, invocations = 2) in;
layout(points, max_vertices = 4) out;
layout(location = 0) in vec4 inColor[];
layout(location = 0, stream = 0) out vec4 color0;
layout(location = 1, stream = 1, xfb_buffer = 1, xfb_offset = 0) out vec4 color1;
layout(stream = 1) out;

void main()
{
   for (int i = 0; i < 2; i++) {
      gl_Position = gl_in[0].gl_Position + vec4(float(i));
      color0 = inColor[0];
      EmitStreamVertex(0);
      color1 = inColor[0] * float(gl_InvocationID);
      EmitStreamVertex(1);
   }
   EndStreamPrimitive(0);
   EndStreamPrimitive(1);
   gl_Layer = gl_PrimitiveIDIn;
}
