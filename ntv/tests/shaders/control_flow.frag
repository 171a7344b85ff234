#version 450
// Loops with break/continue, nested ifs, a switch, discard, functions.
layout(location = 0) in flat int n;
layout(location = 1) in vec4 v;
layout(location = 0) out vec4 color;

float helper(float x, int k)
{
   float acc = 0.0;
   for (int i = 0; i < k; i++) {
      if (i == 3)
         continue;
      acc += x * float(i);
      if (acc > 100.0)
         break;
   }
   return acc;
}

void main()
{
   vec4 c = vec4(0.0);
   switch (n & 3) {
   case 0:
      c = v;
      break;
   case 1:
      c = v.yzwx;
      // fall through
   case 2:
      c *= 2.0;
      break;
   default:
      c = vec4(helper(v.x, n));
   }
   int j = 0;
   do {
      c.w += 0.25;
      j++;
   } while (j < n && c.w < 4.0);
   if (c.x < 0.0)
      discard;
   color = c;
}
