#version 450
// vk_draw_test: two colour outputs, the second swizzled.
layout(location = 1) flat in vec4 v_flat;
layout(location = 0) out vec4 out0;
layout(location = 1) out vec4 out1;

void main()
{
   out0 = v_flat;
   out1 = v_flat.bgra;
}
