#version 450
// Control shader I/O for nvk_tess_run_test: per-vertex inputs (indexed by
// InvocationId modulo PatchVertices), per-vertex and patch outputs, a
// barrier then reads of another invocation's outputs, the levels.
layout(vertices = 4) out;
layout(location = 0) in vec4 in_color[];
layout(location = 0) out vec4 out_color[];
layout(location = 1) patch out vec4 patch_data;
layout(location = 2) patch out float patch_scalars[2];
out gl_PerVertex {
   vec4 gl_Position;
   float gl_ClipDistance[2];
} gl_out[];
void main() {
   const int i = gl_InvocationID;  // (writes must index with gl_InvocationID itself)
   const int src = i % gl_PatchVerticesIn;
   out_color[gl_InvocationID] = in_color[src] + vec4(gl_PrimitiveID * 100);
   gl_out[gl_InvocationID].gl_Position = gl_in[src].gl_Position;
   gl_out[gl_InvocationID].gl_ClipDistance[i % 2] = float(i);
   barrier();
   if (i == 1) {
      for (int k = 0; k < 4; k++)
         gl_TessLevelOuter[k] = float(gl_PrimitiveID + k);
      gl_TessLevelInner[0] = 0.5 * float(gl_PrimitiveID);
      gl_TessLevelInner[1] = 7.0;
      patch_data = out_color[(i + 2) % 4] + vec4(gl_PatchVerticesIn);
      patch_scalars[gl_PrimitiveID % 2] = 3.0;
   }
}
