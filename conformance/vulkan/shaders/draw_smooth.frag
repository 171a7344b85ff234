#version 450
// vk_draw_test: the perspective-correct interpolated colour.
layout(location = 0) in vec4 v_smooth;
layout(location = 0) out vec4 out_color;

void main()
{
   out_color = v_smooth;
}
