#version 450
#extension GL_EXT_demote_to_helper_invocation : require
// Demote, helper invocation queries, sample shading built-ins, depth output.
layout(early_fragment_tests) in;
layout(location = 0) in vec4 v;
layout(location = 0, index = 0) out vec4 color;
layout(location = 0, index = 1) out vec4 blend;

void main()
{
   if (v.x < 0.0)
      demote;
   color = v * float(gl_SampleID) + vec4(gl_SamplePosition, 0.0, 0.0);
   blend = gl_FragCoord + vec4(gl_FrontFacing ? 1.0 : 0.0) + vec4(helperInvocationEXT());
   color.x += float(gl_SampleMaskIn[0]) + gl_PointCoord.x;
   gl_SampleMask[0] = 0xff;
}
