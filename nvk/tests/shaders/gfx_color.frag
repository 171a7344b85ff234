#version 450
/* The smallest fragment shader: one colour output. */
layout(location = 0) out vec4 color;
layout(push_constant) uniform pc { vec4 c; };
void main() { color = c; }
