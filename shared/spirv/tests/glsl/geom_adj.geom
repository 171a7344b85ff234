#version 450
// Geometry: lines with adjacency in, line strip out, invocations, viewport
// index and primitive id, EndPrimitive.
layout(lines_adjacency, invocations = 3) in;
layout(line_strip, max_vertices = 4) out;
layout(location = 0) in vec4 col[];
layout(location = 0) out vec4 o;

void main()
{
   for (int v = 0; v < 4; v++) {
      gl_Position = gl_in[v].gl_Position;
      gl_ViewportIndex = gl_InvocationID;
      gl_PrimitiveID = gl_PrimitiveIDIn;
      o = col[v];
      EmitVertex();
   }
   EndPrimitive();
}
