#version 450
/* The smallest vertex shader: position from a vertex attribute. */
layout(location = 0) in vec4 pos;
void main() { gl_Position = pos; }
