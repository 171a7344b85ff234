#version 450
// vk_xfb_test: the position from the vertex buffer, captured as written.
layout(location = 0) in vec4 a;
layout(xfb_buffer = 0, xfb_stride = 16) out gl_PerVertex {
   layout(xfb_offset = 0) vec4 gl_Position;
};

void main()
{
   gl_Position = a;
}
