#version 450
// Functions with in/out/inout parameters, structs, arrays, matrices,
// early returns, recursion-free call chains.
struct Light { vec3 dir; float intensity; mat2 rot; int kind[2]; };
layout(set = 0, binding = 0, std140) uniform Lights { Light lights[4]; int count; } L;
layout(set = 0, binding = 1, std430) readonly buffer Extra { mat3x4 m; vec2 data[]; } extra;
layout(location = 0) in vec3 pos;
layout(location = 0) out vec3 shade;
layout(location = 1) out float flags;

void accumulate(in Light l, inout vec3 acc, out float weight)
{
   weight = l.intensity;
   if (l.kind[0] == 0)
      return;
   acc += l.dir * l.intensity + vec3(l.rot * vec2(1.0), 0.0);
}

float pick(int i)
{
   if (i > 2)
      return extra.data[i].x;
   return float(extra.data.length());
}

void main()
{
   vec3 acc = vec3(0.0);
   float total = 0.0;
   Light local[2];
   local[0] = L.lights[0];
   local[1] = L.lights[1];
   for (int i = 0; i < L.count; i++) {
      float w;
      accumulate(L.lights[i], acc, w);
      total += w;
   }
   accumulate(local[1], acc, total);
   shade = acc * pick(L.count) + (extra.m * vec3(1.0)).xyz;
   flags = total;
   gl_Position = vec4(pos, 1.0);
}
