#version 450
// vk_draw_test sampled_multisample_images: a value per sample (reading
// gl_SampleID shades each sample), in a UNORM and a UINT attachment and
// the depth.
layout(location = 0) out vec4 out_unorm;
layout(location = 1) out uint out_uint;

void main()
{
   ivec2 p = ivec2(gl_FragCoord.xy);
   int s = gl_SampleID;
   out_unorm = vec4(float(s * 17 + 1), float(p.x), float(p.y), 255.0) / 255.0;
   out_uint = uint(s * 1000 + p.x * 7 + p.y);
   gl_FragDepth = float(s + 1) / 16.0 + float(p.x) / 4096.0;
}
