#version 450
// Golden: a switch with fallthrough inside a loop with continue and break.
layout(location = 0) flat in int n;
layout(location = 0) out int result;

void main()
{
   int acc = 0;
   for (int i = 0; i < n; i++) {
      switch (i & 3) {
      case 0:
         acc += 1;
         continue;
      case 1:
         acc *= 2;
      case 2:
         acc -= 3;
         break;
      default:
         if (acc > 100)
            break;
         acc += i;
      }
      if (acc < -50)
         break;
   }
   result = acc;
}
