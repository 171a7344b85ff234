#version 450
#extension GL_KHR_shader_subgroup_ballot : require
// discard inside a loop and on both sides of ifs: a terminated lane must
// stay out of every mask control flow restores later.
layout(location = 0) flat in int n;
layout(location = 0) out vec4 o;
void main()
{
   int acc = 0;
   for (int i = 0; i < n; i++) {
      if (i == 3) {
         if (n == 5)
            discard;
         else
            acc += 100;
      }
      acc += i;
   }
   if (n == 7)
      discard;
   else
      acc += 1000;
   o = vec4(float(acc), uintBitsToFloat(subgroupBallot(true).x), uintBitsToFloat(subgroupBallot(true).y), 1.0);
}
