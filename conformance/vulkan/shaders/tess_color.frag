#version 450
// vk_tess_test: the interpolated colour, or 1.0 (hit counting) when
// count is set.
layout(location = 0) in vec4 color;
layout(location = 0) out vec4 result;
layout(push_constant) uniform PC { layout(offset = 32) float count; } pc;
void main() { result = pc.count != 0.0 ? vec4(1.0) : color; }
