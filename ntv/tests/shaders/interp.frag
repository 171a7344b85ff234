#version 450
// Interpolation qualifiers, components, built-in inputs, two outputs.
layout(location = 0) flat in ivec2 in_flat;
layout(location = 0, component = 2) noperspective in vec2 in_noperspective;
layout(location = 1) centroid in vec4 in_centroid;
layout(location = 2) sample in vec3 in_sample;
layout(location = 3) in vec4 in_smooth;
layout(location = 0) out vec4 out_color;
layout(location = 1) out uvec2 out_id;
void main()
{
   vec4 c = in_smooth * in_centroid + vec4(in_sample, 1.0);
   c.xy += in_noperspective * gl_FragCoord.xy;
   if (gl_FrontFacing)
      c.z = -c.z;
   out_color = c + vec4(gl_PointCoord, 0.0, float(gl_SampleID));
   out_id = uvec2(in_flat) + uvec2(gl_PrimitiveID);
   gl_FragDepth = gl_FragCoord.z * 0.5;
}
