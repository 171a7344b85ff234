#version 450
layout(triangles, equal_spacing, cw) in;
layout(location = 0) in vec4 in_pos[];
layout(location = 1) patch in vec4 patch_data;
layout(location = 0) invariant out vec4 out_color;
void main()
{
   vec3 t = gl_TessCoord;
   gl_Position = t.x * in_pos[0] + t.y * in_pos[1] + t.z * in_pos[2] + patch_data;
   out_color = vec4(gl_TessLevelOuter[0], gl_TessLevelInner[0], t.xy);
}
