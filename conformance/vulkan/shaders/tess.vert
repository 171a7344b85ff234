#version 450
// vk_tess_test: control points straight from the vertex buffer.
layout(location = 0) in vec4 pos;
void main() { gl_Position = pos; }
