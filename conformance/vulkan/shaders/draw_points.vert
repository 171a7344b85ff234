#version 450
// vk_draw_test: points of size 1 (PointSize written, as point lists need).
layout(location = 0) in vec4 in_pos;
layout(location = 1) in vec4 in_color;
layout(location = 0) out vec4 v_smooth;
layout(location = 1) flat out vec4 v_flat;

void main()
{
   gl_Position = in_pos;
   gl_PointSize = 1.0;
   v_smooth = in_color;
   v_flat = in_color;
}
