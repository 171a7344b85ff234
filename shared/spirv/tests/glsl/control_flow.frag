#version 450
// Control flow glslang produces from idioms: short-circuit && and || and
// ?: (OpPhi), returns from nested loops and a switch inside a called
// function (multi-level exits through the inlined body), do-while with
// continue, arrays of arrays and structs in a storage buffer.
struct Item { vec4 v; int tags[3]; };
layout(std430, set = 0, binding = 0) buffer Items { Item items[]; } bag;
layout(location = 0) flat in int n;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec4 color;

int search(int key)
{
   for (int i = 0; i < n; i++) {
      for (int j = 0; j < 3; j++) {
         switch (bag.items[i].tags[j]) {
         case 0:
            continue;
         case 7:
            if (j == key)
               return i * 3 + j;
            break;
         default:
            if (bag.items[i].v.x > 100.0)
               return -1;
         }
      }
   }
   return -2;
}

bool check(float x)
{
   return x > 0.5 && (x < 0.75 || x > 0.9);
}

void main()
{
   float grid[2][3];
   for (int a = 0; a < 2; a++)
      for (int b = 0; b < 3; b++)
         grid[a][b] = float(a * 3 + b);
   int found = search(n & 3);
   float pick = check(uv.x) ? grid[1][2] : (uv.y < 0.5 ? grid[0][1] : -1.0);
   int k = 0;
   do {
      k += 2;
      if (k == 4)
         continue;
      pick += 0.25;
   } while (k < 10 && pick < 50.0);
   color = vec4(pick, float(found), grid[found & 1][found % 3], 1.0);
}
