#version 450
// vk_draw_test: points whose size is the colour's alpha times 16.
layout(location = 0) in vec4 in_pos;
layout(location = 1) in vec4 in_color;
layout(location = 0) out vec4 v_smooth;
layout(location = 1) flat out vec4 v_flat;

void main()
{
   gl_Position = in_pos;
   gl_PointSize = in_color.a * 16.0;
   v_smooth = in_color;
   v_flat = vec4(in_color.rgb, 1.0);
}
