#version 450
#extension GL_EXT_demote_to_helper_invocation : require
// vk_version_test: pixels in odd columns demote to helpers (and store
// nothing); the others write red 1 and green = "am I a helper" (0).
layout(location = 0) out vec4 o;
void main()
{
   if ((int(gl_FragCoord.x) & 1) == 1)
      demote;
   o = vec4(1.0, helperInvocationEXT() ? 1.0 : 0.0, 1.0, 1.0);
}
