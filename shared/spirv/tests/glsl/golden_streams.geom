#version 450
// Golden: a geometry shader writing two vertex streams.
layout(points) in;
layout(points, max_vertices = 2) out;
layout(location = 0, stream = 0) out vec4 a;
layout(location = 1, stream = 1) out vec4 b;

void main()
{
   a = gl_in[0].gl_Position;
   EmitStreamVertex(0);
   b = -gl_in[0].gl_Position;
   EmitStreamVertex(1);
   EndStreamPrimitive(1);
}
