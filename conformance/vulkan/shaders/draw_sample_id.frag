#version 450
// vk_draw_test: per-sample shading: each sample gets SampleId / 3.
layout(location = 0) out vec4 out_color;

void main()
{
   out_color = vec4(float(gl_SampleID) / 3.0);
}
