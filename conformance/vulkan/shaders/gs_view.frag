#version 450
// vk_xfb_test: the GS's view number as the red channel.
layout(location = 0) flat in uint view;
layout(location = 0) out vec4 color;

void main()
{
   color = vec4(float(view) / 255.0, 0.0, 0.0, 1.0);
}
