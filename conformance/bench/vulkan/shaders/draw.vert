#version 450
// vk_draw_bench's vertex shader: a 2D position in NDC; instance i is
// layer i of the fill benchmarks (its depth and flat colour), see
// vk_draw_bench.c for the references these feed.
layout(location = 0) in vec2 pos;
layout(location = 0) out vec4 v_color; // interpolated: affine in the position
layout(location = 1) flat out vec4 f_color; // per instance
layout(location = 2) out vec2 uv;

void main()
{
   const int i = gl_InstanceIndex;
   // Even layers come nearer each time, odd ones lie behind them all.
   const float z = (i & 1) == 1 ? 0.9 : 0.5 - float(i) * (0.4 / 1024.0);
   gl_Position = vec4(pos, z, 1.0);
   v_color = vec4(pos * 0.5 + 0.5, 0.25, 1.0);
   const float k = float(i & 7) / 7.0;
   f_color = vec4(k, 0.5, 1.0 - k, 0.5);
   uv = pos * 0.5 + 0.5;
}
