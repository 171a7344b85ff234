#version 450
// vk_xfb_test: positions from the vertex buffer, an id for the GS.
layout(location = 0) in vec4 a;
layout(location = 0) out uint vid;

void main()
{
   gl_Position = a;
   vid = uint(gl_VertexIndex);
}
