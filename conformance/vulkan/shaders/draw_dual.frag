#version 450
// vk_draw_test: dual-source blending: the colour and a second source.
layout(location = 1) flat in vec4 v_flat;
layout(location = 0, index = 0) out vec4 out_color;
layout(location = 0, index = 1) out vec4 out_src1;

void main()
{
   out_color = v_flat;
   out_src1 = vec4(0.25, 0.5, 0.75, 1.0);
}
