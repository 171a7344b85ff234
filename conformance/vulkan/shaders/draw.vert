#version 450
// vk_draw_test: position (clip space) and colour per vertex; the colour
// goes out twice, smooth and flat.
layout(location = 0) in vec4 in_pos;
layout(location = 1) in vec4 in_color;
layout(location = 0) out vec4 v_smooth;
layout(location = 1) flat out vec4 v_flat;

void main()
{
   gl_Position = in_pos;
   v_smooth = in_color;
   v_flat = in_color;
}
