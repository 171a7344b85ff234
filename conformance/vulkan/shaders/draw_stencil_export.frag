#version 450
// vk_draw_test shader_stencil_export: the stencil reference from the
// shader (VK_EXT_shader_stencil_export), a function of the pixel.
#extension GL_ARB_shader_stencil_export : require
layout(location = 1) flat in vec4 v_flat;
layout(location = 0) out vec4 out_color;

void main()
{
   out_color = v_flat;
   ivec2 p = ivec2(gl_FragCoord.xy);
   gl_FragStencilRefARB = (p.x * 3 + p.y * 5) & 0xff;
}
