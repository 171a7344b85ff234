#version 450
// vk_draw_test: a flat ivec4 to an integer attachment.
layout(location = 1) flat in ivec4 v_value;
layout(location = 0) out ivec4 out_value;

void main()
{
   out_value = v_value;
}
