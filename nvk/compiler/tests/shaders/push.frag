#version 450
// Push constants: computed once per exec (the prologue), again when the
// constant buffers change.
layout(push_constant) uniform P { vec4 c; } pc;
layout(location = 0) out vec4 o;
void main()
{
   o = pc.c * 2.0;
}
