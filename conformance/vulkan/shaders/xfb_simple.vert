#version 450
// vk_xfb_test: one vec4 per vertex (vertex and instance index) into buffer 0.
layout(location = 0, xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 o;

void main()
{
   o = vec4(float(gl_VertexIndex), float(gl_InstanceIndex), 1.0, 2.0);
   gl_Position = vec4(0.0, 0.0, 0.5, 1.0);
}
