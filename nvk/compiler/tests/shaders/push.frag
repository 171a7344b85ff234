#version 450
#extension GL_EXT_multiview : require
// Push constants: computed once per exec (the prologue), again when the
// constant buffers change.
layout(push_constant) uniform P { vec4 c; } pc;
layout(location = 0) out vec4 o;
layout(location = 1) out uint view;
void main()
{
   o = pc.c * 2.0;
   view = gl_ViewIndex;
}
