#version 450
#extension GL_EXT_multiview : require
// vk_draw_test: multiview: each view moves the primitive right by 8 pixels
// per view index (of a 64-pixel framebuffer) and says its index in alpha.
layout(location = 0) in vec4 in_pos;
layout(location = 1) in vec4 in_color;
layout(location = 0) out vec4 v_smooth;
layout(location = 1) flat out vec4 v_flat;

void main()
{
   gl_Position = in_pos + vec4(float(gl_ViewIndex) * 0.25, 0.0, 0.0, 0.0);
   v_smooth = in_color;
   v_flat = vec4(in_color.rgb, float(gl_ViewIndex + 1) / 4.0);
}
