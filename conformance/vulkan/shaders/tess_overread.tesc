#version 450
// vk_tess_test: 4 invocations read gl_in[gl_InvocationID] of 1-vertex
// patches: undefined values past the patch (Vulkan 1.3, 15.1.4), but the
// draw must complete.
layout(vertices = 4) out;
layout(location = 1) out float level[];
layout(location = 2) patch out float patch_id;
void main() {
   gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
   level[gl_InvocationID] = 1.0;
   if (gl_InvocationID == 0) {
      for (int k = 0; k < 4; k++)
         gl_TessLevelOuter[k] = 2.0;
      gl_TessLevelInner[0] = 2.0;
      gl_TessLevelInner[1] = 2.0;
      patch_id = 0.0;
   }
}
