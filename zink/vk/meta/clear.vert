#version 450
// zkv's masked clears: a triangle covering the framebuffer at z = 0; the
// viewport's depth range (min = max = the clear depth) puts it at the clear
// depth. The colours are push constants (128 bytes: Vulkan's minimum).
layout(push_constant) uniform Clear {
   vec4 color[8];
} pc;
void main() {
   vec2 p = vec2((gl_VertexIndex & 1) * 4 - 1, (gl_VertexIndex & 2) * 2 - 1);
   gl_Position = vec4(p, 0.0, 1.0);
}
