#version 450
// vk_xfb_test: PrimitiveId (from the GS) as the red channel.
layout(location = 0) out vec4 color;

void main()
{
   color = vec4(float(gl_PrimitiveID) / 255.0, 0.0, 0.0, 1.0);
}
