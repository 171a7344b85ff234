#version 450
// vk_tess_test: the levels from push constants, passed through per-vertex
// outputs, a barrier and reads of the other invocations' outputs (so a
// wrong barrier or cross-invocation read changes the tessellation).
layout(vertices = 4) out;
layout(push_constant) uniform PC { float outer[4]; float inner[2]; } pc;
layout(location = 1) out float level[];
layout(location = 2) patch out float patch_id;
void main() {
   level[gl_InvocationID] = pc.outer[3 - gl_InvocationID];
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID % gl_PatchVerticesIn].gl_Position;
   barrier();
   if (gl_InvocationID == 0) {
      for (int k = 0; k < 4; k++)
         gl_TessLevelOuter[k] = level[3 - k];
      gl_TessLevelInner[0] = pc.inner[0];
      gl_TessLevelInner[1] = pc.inner[1];
      patch_id = float(gl_PrimitiveID);
   }
}
