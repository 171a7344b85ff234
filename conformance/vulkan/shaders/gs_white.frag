#version 450
// vk_xfb_test: white.
layout(location = 0) out vec4 color;

void main()
{
   color = vec4(1.0);
}
