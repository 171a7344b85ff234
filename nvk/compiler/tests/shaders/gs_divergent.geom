#version 450
// nvk_gs_run_test: lanes emit different numbers of vertices from loops, on
// two streams; stream 1 ends its strip after each vertex. Reads the input
// position, PrimitiveIdIn and InvocationId.
layout(points, invocations = 3) in;
layout(points, max_vertices = 8) out;
layout(stream = 0, location = 0) out vec4 v;
layout(stream = 1, location = 1) out vec4 w;

void main()
{
   const int n = gl_PrimitiveIDIn % 5 + gl_InvocationID;
   for (int i = 0; i < n; i++) {
      if ((i & 1) == 0) {
         v = vec4(float(gl_PrimitiveIDIn), float(gl_InvocationID), float(i),
                  gl_in[0].gl_Position.x);
         EmitStreamVertex(0);
      } else {
         w = vec4(float(i), gl_in[0].gl_Position.y, 0.0, 1.0);
         EmitStreamVertex(1);
         EndStreamPrimitive(1);
      }
   }
}
