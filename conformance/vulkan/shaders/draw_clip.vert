#version 450
// vk_draw_test: ClipDistance[0] = x + 0.25 (clip space) cuts everything
// left of x = -0.25; CullDistance[0] comes from the colour's alpha - 0.5
// (a triangle whose three vertices are all negative is culled).
layout(location = 0) in vec4 in_pos;
layout(location = 1) in vec4 in_color;
layout(location = 0) out vec4 v_smooth;
layout(location = 1) flat out vec4 v_flat;
out gl_PerVertex {
   vec4 gl_Position;
   float gl_ClipDistance[1];
   float gl_CullDistance[1];
};

void main()
{
   gl_Position = in_pos;
   gl_ClipDistance[0] = in_pos.x + 0.25;
   gl_CullDistance[0] = in_color.a - 0.5;
   v_smooth = in_color;
   v_flat = vec4(in_color.rgb, 1.0);
}
