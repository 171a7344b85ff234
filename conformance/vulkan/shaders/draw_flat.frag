#version 450
// vk_draw_test: the provoking vertex's colour.
layout(location = 1) flat in vec4 v_flat;
layout(location = 0) out vec4 out_color;

void main()
{
   out_color = v_flat;
}
