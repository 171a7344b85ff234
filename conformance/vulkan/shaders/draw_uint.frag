#version 450
// vk_draw_test: a flat uvec4 to an integer attachment.
layout(location = 1) flat in uvec4 v_value;
layout(location = 0) out uvec4 out_value;

void main()
{
   out_value = v_value;
}
