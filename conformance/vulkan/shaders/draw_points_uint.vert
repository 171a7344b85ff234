#version 450
// vk_draw_test: points of size 1 passing a uvec4 attribute on, flat.
layout(location = 0) in vec4 in_pos;
layout(location = 1) in uvec4 in_value;
layout(location = 1) flat out uvec4 v_value;

void main()
{
   gl_Position = in_pos;
   gl_PointSize = 1.0;
   v_value = in_value;
}
