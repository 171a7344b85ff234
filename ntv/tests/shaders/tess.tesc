#version 450
layout(vertices = 3) out;
layout(location = 0) in vec4 in_pos[];
layout(location = 0) out vec4 out_pos[];
layout(location = 1) patch out vec4 patch_data;
void main()
{
   out_pos[gl_InvocationID] = in_pos[gl_InvocationID] + gl_in[gl_InvocationID].gl_Position;
   if (gl_InvocationID == 0) {
      gl_TessLevelOuter[0] = 2.0;
      gl_TessLevelOuter[1] = 3.0;
      gl_TessLevelOuter[2] = 4.0;
      gl_TessLevelInner[0] = 5.0;
      patch_data = vec4(float(gl_PrimitiveID), float(gl_PatchVerticesIn), 0.0, 1.0);
   }
   barrier();
   gl_out[gl_InvocationID].gl_Position = out_pos[(gl_InvocationID + 1) % 3];
}
