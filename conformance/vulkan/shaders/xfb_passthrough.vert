#version 450
// vk_xfb_test: captures its vertex attribute again (byte-count draws).
layout(location = 0) in vec4 a;
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 o;

void main()
{
   o = a;
   gl_Position = vec4(0.0, 0.0, 0.5, 1.0);
}
