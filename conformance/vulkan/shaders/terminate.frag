#version 450
#extension GL_EXT_terminate_invocation : require
// vk_version_test: pixels in odd columns terminate (and store nothing);
// the others write red 1.
layout(location = 0) out vec4 o;
void main()
{
   if ((int(gl_FragCoord.x) & 1) == 1)
      terminateInvocation;
   o = vec4(1.0, 0.0, 1.0, 1.0);
}
