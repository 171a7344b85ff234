#version 450
// OpSwitch with fallthrough and default, loops with continue and break,
// nested breaks, do-while, early return, discard.
layout(location = 0) flat in int sel;
layout(location = 1) in vec4 v;
layout(location = 0) out vec4 color;

float f(int n)
{
   if (n < 0)
      return -1.0;
   float r = 0.0;
   for (int i = 0; i < n; i++) {
      if (i == 7)
         return r;
      r += float(i);
   }
   return r;
}

void main()
{
   vec4 c = vec4(0.0);
   switch (sel) {
   case 0:
      c.x = 1.0;
      break;
   case 1:
   case 2:
      c.y = 2.0;
      // fallthrough
   case 3:
      c.z = 3.0;
      if (v.x > 0.5)
         break;
      c.w = 4.0;
      break;
   default:
      c = v;
   }
   for (int i = 0; i < 8; i++) {
      if (i == sel)
         continue;
      if (c.x > 10.0)
         break;
      c.x += 1.0;
      for (int j = 0; j < i; j++) {
         if (j == 3)
            break;
         c.y += float(j);
      }
   }
   int k = 0;
   do {
      k++;
      if (k == sel)
         continue;
      c.z += 0.5;
   } while (k < 5);
   while (c.w < 3.0) {
      switch (k) {
      case 1:
         c.w += 1.0;
         continue;
      case 2:
         break;
      default:
         c.w += 2.0;
      }
      c.w += 0.25;
   }
   if (v.w < 0.0)
      discard;
   color = c + vec4(f(sel));
}
