#version 450
// Tessellation control: per-vertex and patch outputs, barrier.
layout(vertices = 3) out;
layout(location = 0) in vec4 inColor[];
layout(location = 0) out vec4 outColor[];
layout(location = 1) patch out vec4 patchData;
layout(location = 2) patch out float patchArr[2];

void main()
{
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
   outColor[gl_InvocationID] = inColor[gl_InvocationID];
   barrier();
   if (gl_InvocationID == 0) {
      gl_TessLevelOuter[0] = 2.0;
      gl_TessLevelOuter[1] = 3.0;
      gl_TessLevelOuter[2] = 4.0;
      gl_TessLevelInner[0] = float(gl_PatchVerticesIn);
      patchData = outColor[1] + vec4(gl_PrimitiveID);
      patchArr[1] = 1.0;
   }
}
