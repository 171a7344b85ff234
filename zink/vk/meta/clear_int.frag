#version 450
// zkv's masked clears for int attachments: every location gets its colour
// (the pipeline's write masks keep what GL's colour mask keeps).
layout(push_constant) uniform Clear {
   ivec4 color[8];
} pc;
layout(location = 0) out ivec4 o0;
layout(location = 1) out ivec4 o1;
layout(location = 2) out ivec4 o2;
layout(location = 3) out ivec4 o3;
layout(location = 4) out ivec4 o4;
layout(location = 5) out ivec4 o5;
layout(location = 6) out ivec4 o6;
layout(location = 7) out ivec4 o7;
void main() {
   o0 = pc.color[0];
   o1 = pc.color[1];
   o2 = pc.color[2];
   o3 = pc.color[3];
   o4 = pc.color[4];
   o5 = pc.color[5];
   o6 = pc.color[6];
   o7 = pc.color[7];
}
